package com.example;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class AppTest {
    @Test
    public void shout() {
        assertEquals("HI", App.shout("  hi "));
    }
}
