package com.example.multi.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class GreetingTest {
    @Test
    void capitalises() {
        assertEquals("Hello, Ada Lovelace", Greeting.of("ada lovelace"));
    }
}
