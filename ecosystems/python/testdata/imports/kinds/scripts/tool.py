import tool_helper
import click
