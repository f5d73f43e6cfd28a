"""The deal record in the OpenAPI document, built from the registry: each family of `rules.FAMILIES`
declares the JSON Schema of its record (`Family.record_schema`, JSON Schema 2020-12), and this turns
it into OpenAPI 3.0 components: `<Family>Deal` and one component for each of its `$defs`, with
`DealRecord` the union of the families' records. A new family needs no line here.

It describes; it does not validate. The rules engine checks every record and answers with its own
error list, so a record that fits the schema may still be refused (a name not at the table, a meld
the preset lacks) and the answer then says which field and why. The few rules JSON Schema says with
`if`/`then` or `not` (a prevented ultimo names its card; a call names one) are left to that answer,
as OpenAPI 3.0 has no words for them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import rules

RECORD = "DealRecord"
# JSON Schema words OpenAPI 3.0 does not have (the engine's answer says what they say), and the
# record's own title and examples, which its component carries at the top only.
LEFT_OUT = frozenset(("$schema", "$defs", "if", "then", "else", "not", "title", "examples"))
NULL = {"type": "null"}


def component_prefix(family: rules.Family) -> str:
    return family.name.title().replace("_", "")


def record_component(family: rules.Family) -> str:
    return f"{component_prefix(family)}Deal"


class _Converter:
    """One family's JSON Schema as OpenAPI 3.0 schema objects, its `$defs` as named components."""

    def __init__(self, family: rules.Family):
        self.family = family
        self.prefix = component_prefix(family)

    def convert(self, schema: Any) -> Any:
        if not isinstance(schema, Mapping):
            return schema
        if "$ref" in schema:
            return {"$ref": f"#/components/schemas/{self.prefix}{schema['$ref'].removeprefix('#/$defs/')}"}
        branches = schema.get("anyOf") or schema.get("oneOf")
        if branches and NULL in branches:
            return self._nullable([branch for branch in branches if branch != NULL])
        converted: dict[str, Any] = {}
        for key, value in schema.items():
            if key in LEFT_OUT:
                continue
            if key == "properties":
                converted[key] = {name: self.convert(item) for name, item in value.items()}
            elif key in ("anyOf", "oneOf", "allOf"):
                converted[key] = [self.convert(item) for item in value]
            elif key in ("items", "additionalProperties"):
                converted[key] = self.convert(value)
            elif key == "const":
                converted["enum"] = [value]
            else:
                converted[key] = value
        return converted

    def _nullable(self, branches: list[Any]) -> dict[str, Any]:
        """`X or null`: OpenAPI 3.0 says it with `nullable` (a reference goes inside `allOf`)."""
        converted = self.convert(branches[0] if len(branches) == 1 else {"oneOf": branches})
        if "$ref" in converted:
            return {"allOf": [converted], "nullable": True}
        if "enum" in converted:  # OpenAPI 3.0.3: a nullable enum lists null among its values
            converted = converted | {"enum": [*converted["enum"], None]}
        return converted | {"nullable": True}

    def components(self) -> dict[str, Any]:
        schema = self.family.record_schema()
        record = self.convert(schema) | {"title": schema["title"]}
        if schema.get("examples"):
            record["example"] = schema["examples"][0]
        found = {record_component(self.family): record}
        for name, definition in schema.get("$defs", {}).items():
            found[f"{self.prefix}{name}"] = self.convert(definition)
        return found


def record_components() -> dict[str, Any]:
    """Every family's record and its parts, by component name."""
    found: dict[str, Any] = {}
    for family in rules.FAMILIES:
        found |= _Converter(family).components()
    return found


def _titles() -> str:
    return " or ".join(family.title for family in rules.FAMILIES)


def deal_record() -> dict[str, Any]:
    """The union of the families' records. A record carries no key that names its family (the
    sitting's season does), so the union has no discriminator: a record is the one shape it fits."""
    return {
        "description": f"A deal record of the sitting's family: {_titles()}.",
        "oneOf": [{"$ref": f"#/components/schemas/{record_component(family)}"} for family in rules.FAMILIES],
    }


DEAL_RECORD = deal_record()  # what the serializers name; the document takes the registry's at generation


def add_record_components(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    """drf-spectacular's postprocessing hook (SPECTACULAR_SETTINGS): the records' components, from
    the families registered when the document is made."""
    components = result.setdefault("components", {}).setdefault("schemas", {})
    components.update(record_components())
    components[RECORD] = deal_record()
    return result
