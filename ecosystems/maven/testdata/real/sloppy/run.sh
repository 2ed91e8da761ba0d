# The traced command: Maven builds the project and runs its JUnit 4 test in
# a forked JVM, which loads commons-text and commons-lang3 (the code's own
# StringUtils calls) and no class of commons-collections4.
mvn -B -o -q -Dstyle.color=never -s /etc/maven/settings-debian.xml test
