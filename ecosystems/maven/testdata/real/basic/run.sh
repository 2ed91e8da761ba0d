# The traced command: Maven builds the project and runs its JUnit 4 test in
# a forked JVM. commons-io is on the test class path (that JVM opens its
# JAR) but no class of it is loaded.
mvn -B -o -q -Dstyle.color=never -s /etc/maven/settings-debian.xml test
