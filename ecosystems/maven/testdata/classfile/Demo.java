// Compiled into the class files beside it by: javac --release 17 -d . Demo.java
// (then moved out of org/example/); read by TestParseClass and FuzzParseClass.
package org.example;

import java.util.List;
import java.util.function.Function;

@Deprecated
public class Demo<T extends Comparable<T>> {
    @Marker private List<java.net.URI> uris;
    private java.util.Map<String, java.time.Duration[]> m;

    public static void main(String[] args) throws java.io.IOException {
        Function<String, String> f = String::trim;
        Object o = args;
        if (o instanceof java.util.RandomAccess) {
            System.out.println(f.apply(" x "));
        }
        switch (args.length) {
        case 0: System.out.println(new StringBuilder("a")); break;
        case 1: System.out.println(java.util.UUID.randomUUID()); break;
        case 7: System.out.println(java.util.Locale.ROOT); break;
        }
        try {
            java.nio.file.Files.size(null);
        } catch (java.nio.file.NoSuchFileException e) {
            throw e;
        }
    }

    class Inner implements java.io.Serializable {}
}

@java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.CLASS)
@interface Marker {}
