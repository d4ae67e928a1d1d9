"""The launch description (docs/abi.md), as far as Python needs it.

The runtime parses and checks the full description itself; Python reads the
arguments (dtypes, shapes with size symbols) to check the caller's tensors
with Python-level messages and to compute the shapes of the outputs it
allocates. Grid, block and steps are the runtime's business and are kept
only as raw JSON.
"""

import json

from ._errors import FusecError

FORMAT = "fusec-launch-v1"
PTX_PREFIX = "// fusec-launch: "

DTYPES = ("f16", "bf16", "f32", "f64", "i1", "i32", "i64")
# fusec_rt_dtype codes (fusec_runtime.h).
DTYPE_CODES = {name: code for code, name in enumerate(DTYPES)}
DTYPE_BYTES = {"f16": 2, "bf16": 2, "f32": 4, "f64": 8, "i1": 1, "i32": 4,
               "i64": 8}


class ArgSpec:
    """One argument of the kernel: name, role ('input' or 'output'), dtype
    and shape (a tuple of ints and size-symbol names)."""

    __slots__ = ("index", "name", "role", "dtype", "shape")

    def __init__(self, index, name, role, dtype, shape):
        self.index = index
        self.name = name
        self.role = role
        self.dtype = dtype
        self.shape = shape

    @property
    def rank(self):
        return len(self.shape)

    def __repr__(self):
        dims = ", ".join(str(d) for d in self.shape)
        return "ArgSpec(%d %r %s %s[%s])" % (self.index, self.name, self.role,
                                             self.dtype, dims)


class LaunchDescription:
    """A parsed ``fusec-launch-v1`` description."""

    def __init__(self, data):
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise FusecError("fusec: not a %s launch description" % FORMAT)
        try:
            self.function = data["function"]
            self.arch = data.get("arch")
            self.args = []
            for i, a in enumerate(data["args"]):
                if a["dtype"] not in DTYPE_CODES:
                    raise FusecError("fusec: argument %d has unknown dtype %r"
                                     % (i, a["dtype"]))
                self.args.append(ArgSpec(i, a["name"], a["role"], a["dtype"],
                                         tuple(a["shape"])))
            roles = [a.role for a in self.args]
            if any(r not in ("input", "output") for r in roles) or \
                    roles != sorted(roles, key=lambda r: r == "output"):
                # Python passes the buffers as inputs then outputs.
                raise FusecError("fusec: launch description lists arguments with "
                                 "roles %s; expected inputs, then outputs" % roles)
            # Symbol -> (argument index, dimension) that defines it.
            self.sizes = {s["name"]: (s["arg"], s["dim"])
                          for s in data.get("sizes", [])}
        except (KeyError, TypeError) as e:
            raise FusecError("fusec: malformed launch description: %r" % (e,)) from None
        self.raw = data

    @property
    def inputs(self):
        return [a for a in self.args if a.role == "input"]

    @property
    def outputs(self):
        return [a for a in self.args if a.role == "output"]

    @classmethod
    def from_json(cls, text):
        try:
            return cls(json.loads(text))
        except json.JSONDecodeError as e:
            raise FusecError("fusec: launch description is not JSON: %s" % e) from None

    @classmethod
    def from_ptx(cls, ptx):
        """The description embedded in the first line of fusec's PTX."""
        first = ptx.split("\n", 1)[0]
        if not first.startswith(PTX_PREFIX):
            raise FusecError("fusec: the PTX has no '%s' first line; pass the "
                             "launch description explicitly" % PTX_PREFIX.strip())
        return cls.from_json(first[len(PTX_PREFIX):])

    def symbol_values(self, shapes):
        """Binds size symbols from the shapes of the first len(shapes)
        arguments (the first occurrence of a symbol defines it, as in the
        runtime). Returns {symbol: value}; does not check agreement."""
        values = {}
        for spec, shape in zip(self.args, shapes):
            for dim, value in zip(spec.shape, shape):
                if isinstance(dim, str):
                    values.setdefault(dim, value)
        return values

    def output_shapes(self, input_shapes):
        """Shapes of the outputs for inputs of `input_shapes`, or raises
        ValueError naming a size that no input defines (the caller must
        then pass the outputs)."""
        values = self.symbol_values(input_shapes)
        shapes = []
        for j, spec in enumerate(self.outputs):
            shape = []
            for dim in spec.shape:
                if isinstance(dim, str):
                    if dim not in values:
                        raise ValueError(
                            "fusec kernel '%s': the size '%s' of output %d "
                            "('%s') is not defined by any input; pass outputs="
                            % (self.function, dim, j, spec.name))
                    shape.append(values[dim])
                else:
                    shape.append(dim)
            shapes.append(tuple(shape))
        return shapes
