"""A single-module distribution that parses dates."""
from dateutil import parser


def year(text):
    return parser.parse(text).year
