package com.example;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class GreeterTest {
    @Test
    public void greetsCapitalised() {
        assertEquals("Hello, Ada!", Greeter.greet("  ada "));
    }
}
