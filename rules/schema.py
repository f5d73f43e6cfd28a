"""The pieces every family's deal-record schema is made of (JSON Schema, draft 2020-12, as data).

A family declares the JSON Schema of its deal record (`Family.record_schema`): the shapes its
reader takes, no more and no less. Null stands for a key left out wherever the reader reads it so,
hence `optional`. What depends on the table or the game (a name not seated, a figure the game
lacks) is the family's validation, not the schema's.
"""

from __future__ import annotations

from typing import Any

from .envelope import NAME_LIMIT

DIALECT = "https://json-schema.org/draft/2020-12/schema"

Schema = dict[str, Any]

NAME: Schema = {
    "type": "string",
    "minLength": 1,
    "maxLength": NAME_LIMIT,
    "pattern": r"\S",
    "description": "A member's name as seated at the sitting.",
}


def ref(name: str) -> Schema:
    """A reference to one of the record schema's `$defs`."""
    return {"$ref": f"#/$defs/{name}"}


def optional(schema: Schema) -> Schema:
    """`schema`, or null: the reader takes a null as the key left out."""
    return {"anyOf": [schema, {"type": "null"}]}


def words(choices: tuple[str, ...], description: str | None = None) -> Schema:
    schema: Schema = {"type": "string", "enum": list(choices)}
    return schema | {"description": description} if description else schema


def integer(low: int, high: int, description: str | None = None) -> Schema:
    schema: Schema = {"type": "integer", "minimum": low, "maximum": high}
    return schema | {"description": description} if description else schema


def closed_object(properties: dict[str, Schema], required: tuple[str, ...] = (), **more: Any) -> Schema:
    """An object whose keys are `properties`: any other key is refused (`unknown_key`)."""
    schema: Schema = {"type": "object", "properties": properties, "additionalProperties": False}
    if required:
        schema["required"] = list(required)
    return schema | more


def by_name(value: Schema, description: str) -> Schema:
    """An object keyed by members' names: a real map."""
    return {"type": "object", "additionalProperties": value, "description": description}
