package com.example;

import java.util.Map;

import org.apache.commons.lang3.StringUtils;
import org.apache.commons.text.StringSubstitutor;

/** Greets people; written the way coding agents often write it. */
public final class Greeter {
    private Greeter() {}

    public static String greet(String name) {
        String who = StringUtils.capitalize(StringUtils.trimToEmpty(name));
        return new StringSubstitutor(Map.of("who", who)).replace("Hello, ${who}!");
    }
}
