"""Work arrays on the stack for the kernels that run on every play (DESIGN.md §11).

`np.empty` in a kernel is a heap allocation through Numba's runtime (malloc, a reference count, free) on every
call. `stack_empty(size, dtype)` instead gives a 1-d array whose room is in the stack frame of the compiled
function that calls it, with no reference count: made once per call of that function (wherever the call sits in
its body), gone when it returns, so it is never returned or kept. `size` must be a compile-time constant: a
literal or a module-level int. Under NUMBA_DISABLE_JIT it is `np.empty`.
"""

from __future__ import annotations

import numpy as np
from numba import config, types
from numba.core import cgutils
from numba.extending import intrinsic
from numba.np.arrayobj import make_array, populate_array

if config.DISABLE_JIT:
    def stack_empty(size, dtype):
        """An uninitialised array of `size` items of `dtype`."""
        return np.empty(size, dtype=dtype)
else:
    @intrinsic(prefer_literal=True)
    def stack_empty(typingctx, size, dtype):
        """An uninitialised array of `size` items of `dtype`, in the caller's stack frame."""
        if not isinstance(size, types.IntegerLiteral) or not isinstance(dtype, types.NumberClass):
            return None
        item = dtype.instance_type
        array_type = types.Array(item, 1, "C")

        def codegen(context, builder, signature, args):
            count = size.literal_value
            data_type = context.get_data_type(item)
            itemsize = context.get_abi_sizeof(data_type)
            intp = context.get_value_type(types.intp)
            array = make_array(array_type)(context, builder)
            populate_array(array, data=cgutils.alloca_once(builder, data_type, size=count), shape=[intp(count)],
                           strides=[intp(itemsize)], itemsize=intp(itemsize), meminfo=None)
            return array._getvalue()

        return array_type(size, dtype), codegen
