package com.example.multi.app;

import com.example.multi.core.Greeting;
import org.apache.commons.lang3.StringUtils;

public final class Main {
    private Main() {}

    public static void main(String[] args) {
        System.out.println(StringUtils.center(Greeting.of(args.length > 0 ? args[0] : "world"), 40, '*'));
    }
}
