package com.example.shaded;

import org.apache.commons.lang3.StringUtils;
import org.apache.commons.text.WordUtils;

public final class Main {
    private Main() {}

    public static void main(String[] args) {
        String who = args.length > 0 ? args[0] : "fat jar";
        System.out.println(StringUtils.reverse(WordUtils.capitalize(who)));
    }
}
