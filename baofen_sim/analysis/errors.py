"""The analysis' user error, apart from the Polars code that raises it, so that the command line can name it without
loading Polars (every command's start pays for what the CLI imports)."""


class ReportError(Exception):
    """An analysis that cannot be made: no such OUT, no part files, an unknown column, runs not on the same
    deals, too many groups."""
