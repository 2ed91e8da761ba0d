/* [java-11] */
module org.jooq.joor {
    requires static transitive java.compiler;

    exports org.joor;
}
/* [/java-11] */