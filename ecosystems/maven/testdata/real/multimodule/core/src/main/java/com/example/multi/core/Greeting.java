package com.example.multi.core;

import org.apache.commons.text.WordUtils;

public final class Greeting {
    private Greeting() {}

    public static String of(String name) {
        return WordUtils.capitalizeFully("hello, " + name);
    }
}
