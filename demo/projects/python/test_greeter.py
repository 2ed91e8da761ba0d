import unittest
from datetime import datetime

import greeter


class GreeterTest(unittest.TestCase):
    def test_greets_by_name(self):
        self.assertEqual(greeter.greet("Ada"), "Hello, Ada!")

    def test_pads_to_a_width(self):
        self.assertEqual(greeter.greet("Ada", 14), "   Hello, Ada!")

    def test_says_how_long_ago(self):
        self.assertEqual(greeter.since(datetime(2026, 1, 1), datetime(2026, 3, 1)), "2 months ago")

    def test_table(self):
        self.assertIn("Hello, Ada!", greeter.table(["Ada"]))


if __name__ == "__main__":
    unittest.main()
