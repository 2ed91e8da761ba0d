package com.example;

import org.apache.commons.lang3.StringUtils;

public class App {
    public static String shout(String s) {
        return StringUtils.upperCase(StringUtils.trim(s));
    }
}
