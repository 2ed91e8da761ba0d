"""Hold and verify parameters for running Graphviz ``dot``."""

from .engines import ENGINES, verify_engine
from .formats import FORMATS, verify_format
from .renderers import RENDERERS, verify_renderer
from .formatters import FORMATTERS, verify_formatter

from . mixins import Parameters

__all__ = ['ENGINES', 'FORMATS', 'RENDERERS', 'FORMATTERS',
           'verify_engine', 'verify_format',
           'verify_renderer', 'verify_formatter',
           'Parameters']
