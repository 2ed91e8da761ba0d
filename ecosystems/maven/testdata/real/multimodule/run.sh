# The traced command: Maven builds the reactor (core's JUnit 5 test runs in
# a forked JVM) and writes each module's class path; then the app runs
# with `java -cp`.
set -e
mvn -B -o -q -Dstyle.color=never -s /etc/maven/settings-debian.xml package dependency:build-classpath -Dmdep.outputFile=target/classpath.txt
java -cp "app/target/app-2.0.jar:$(cat app/target/classpath.txt)" com.example.multi.app.Main "ada lovelace"
