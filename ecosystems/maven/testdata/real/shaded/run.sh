# The traced command: Maven builds the shaded fat JAR (commons-text
# relocated into com.example.shaded.internal.text; commons-lang3 and
# commons-io merged as they are), then it runs with `java -jar`.
set -e
mvn -B -o -q -Dstyle.color=never -s /etc/maven/settings-debian.xml package
java -jar target/shaded-1.0.jar "hello, fat jar"
