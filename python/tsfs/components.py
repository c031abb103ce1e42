"""The registered components and their parameters, read from the registries `runner list` reads."""
from . import _tsfs


def components(kind=None):
    """Every registered component as a dict: kind (extractor, distance, selector, reducer,
    classifier, plot), name, doc, params (each: name, type, required, default, choices, check,
    sweepable, doc) and, for selectors, supervised and uses_distance. ``kind`` keeps one kind."""
    every = _tsfs.components()
    return [c for c in every if kind is None or c["kind"] == kind]


def component_list():
    """The text ``runner list`` prints."""
    return _tsfs.component_list()


def parameter_lines(kind):
    """The components of one kind with their parameters, as docstring lines."""
    lines = []
    for component in components(kind):
        lines.append(f"{component['name']}: {component['doc']}")
        for param in component["params"]:
            default = "required" if param["required"] else f"default {param['default']!r}"
            allowed = ""
            if param["choices"]:
                allowed = "; one of " + ", ".join(param["choices"])
            elif param["check"]:
                allowed = "; " + param["check"]
            lines.append(f"    {param['name']} ({param['type']}, {default}{allowed}): {param['doc']}")
    return "\n".join(lines)
