"""Tools beside the domain modules: the benchmark (`bench`), the differential harnesses (`differential`:
kernels vs reference on positions; `differential_runs`: whole simulated hands re-judged by the reference
engine) and the kernels called in card notation (`kernel_calls`) that tests and harnesses use."""
