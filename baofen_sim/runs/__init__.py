"""Runs: what defines one (`runspec`), playing it into an output directory (`simulate`, `sweep`), on a Dask cluster
(`distributed`), and the engine's cold compile (`warmup`)."""
