//! Unions named and discriminated: every `oneOf` of objects gets a schema per variant and a
//! `type` discriminator, so generators make one type per variant instead of a numbered one.

use serde_json::{Value, json};

/// `snake_case` as `PascalCase`.
fn pascal(snake: &str) -> String {
    snake
        .split('_')
        .map(|word| {
            let mut chars = word.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_uppercase().chain(chars).collect::<String>()
            })
        })
        .collect()
}

/// The `type` tag of an object variant (`{"type": {"enum": ["declare"]}}`).
pub(super) fn tag(variant: &Value) -> Option<String> {
    variant
        .pointer("/properties/type/enum/0")
        .and_then(Value::as_str)
        .map(str::to_owned)
}

/// `schema`, or the component it refers to.
fn resolved<'a>(schema: &'a Value, schemas: &'a Value) -> &'a Value {
    match schema["$ref"]
        .as_str()
        .and_then(|r| r.strip_prefix("#/components/schemas/"))
    {
        Some(name) => &schemas[name],
        None => schema,
    }
}

/// The variants of union `name`, each one flat object: a nested union's variants in its
/// place, and an `allOf` of an object and the `type` tag (serde's newtype variant) merged.
fn variants(schemas: &Value, name: &str) -> Vec<Value> {
    let mut flat = Vec::new();
    for variant in schemas[name]["oneOf"].as_array().into_iter().flatten() {
        let target = resolved(variant, schemas);
        if target.get("oneOf").is_some() {
            let nested = variant["$ref"]
                .as_str()
                .and_then(|r| r.strip_prefix("#/components/schemas/"))
                .unwrap_or_default();
            flat.extend(variants(schemas, nested));
        } else if let Some(parts) = target["allOf"].as_array() {
            let mut merged = json!({"type": "object", "required": [], "properties": {}});
            for part in parts.iter().map(|part| resolved(part, schemas)) {
                if let (Some(description), None) =
                    (part.get("description"), merged.get("description"))
                {
                    merged["description"] = description.clone();
                }
                for (key, property) in part["properties"].as_object().into_iter().flatten() {
                    merged["properties"][key] = property.clone();
                }
                for required in part["required"].as_array().into_iter().flatten() {
                    if let Some(list) = merged["required"].as_array_mut() {
                        list.push(required.clone());
                    }
                }
            }
            flat.push(merged);
        } else {
            flat.push(target.clone());
        }
    }
    flat
}

/// `schema` without its descriptions, to tell two shapes apart.
fn shape(schema: &Value) -> Value {
    match schema {
        Value::Object(map) => map
            .iter()
            .filter(|(key, _)| !matches!(key.as_str(), "description" | "title"))
            .map(|(key, value)| (key.clone(), shape(value)))
            .collect(),
        Value::Array(items) => items.iter().map(shape).collect(),
        other => other.clone(),
    }
}

/// Stores `variant` as the component `{Tag}{suffix}` (or `{Tag}{suffix}View` when a
/// variant of another shape has that name; the same shape is shared) and returns its
/// reference.
fn component(schemas: &mut Value, variant: &Value, suffix: &str) -> Option<(String, Value)> {
    let kind = tag(variant)?;
    let mut name = format!("{}{suffix}", pascal(&kind));
    if schemas
        .get(&name)
        .is_some_and(|known| shape(known) != shape(variant))
    {
        name.push_str("View");
    }
    if schemas.get(&name).is_none() {
        let mut titled = variant.clone();
        titled["title"] = json!(name);
        schemas[&name] = titled;
    }
    Some((
        kind,
        json!({"$ref": format!("#/components/schemas/{name}")}),
    ))
}

/// Union `name` as a `oneOf` of the named `variants`, with a discriminator on `type`.
fn discriminated(schemas: &mut Value, name: &str, variants: &[Value], suffix: &str) {
    let mut refs = Vec::new();
    let mut mapping = serde_json::Map::new();
    for variant in variants {
        if let Some((kind, reference)) = component(schemas, variant, suffix) {
            mapping.insert(kind, reference["$ref"].clone());
            refs.push(reference);
        }
    }
    let description = schemas[name].get("description").cloned();
    schemas[name] = json!({
        "oneOf": refs,
        "discriminator": {"propertyName": "type", "mapping": mapping},
    });
    if let Some(description) = description {
        schemas[name]["description"] = description;
    }
}

/// Names every union's variants, so that a generated client has `DeclareAction` where it
/// would number them, and makes the two unions of events one shape per `type` each:
/// `TableEvent`, a stored event as the hand record has it, and `EventData`, an event as
/// the events endpoint and the stream show it (redacted while its hand is in play).
pub(super) fn name_unions(doc: &mut Value) {
    let schemas = &mut doc["components"]["schemas"];
    for (union, suffix) in [("ActionIn", "Action"), ("Outcome", "Outcome")] {
        let flat = variants(schemas, union);
        discriminated(schemas, union, &flat, suffix);
    }
    let record = variants(schemas, "TableEvent");
    discriminated(schemas, "TableEvent", &record, "");
    // The kinds a viewer sees in shapes of their own; every other kind as it is stored.
    let viewed = [
        variants(schemas, "HandDealtView"),
        variants(schemas, "EventView"),
    ]
    .concat();
    let kinds: Vec<String> = viewed.iter().filter_map(tag).collect();
    let mut live: Vec<Value> = record
        .into_iter()
        .filter(|v| tag(v).is_some_and(|t| !kinds.contains(&t)))
        .collect();
    live.extend(viewed);
    if let Some(all) = schemas.as_object_mut() {
        for spliced in ["Event", "EventView", "HandDealtView"] {
            all.remove(spliced);
        }
    }
    schemas["EventData"] = json!({
        "description": "An event as the caller may see it: redacted for them while its hand is in play, whole once it has ended."
    });
    discriminated(schemas, "EventData", &live, "");
    let text = schemas.to_string();
    if let Some(all) = schemas
        .as_object_mut()
        .filter(|_| !text.contains("\"#/components/schemas/HandStart\""))
    {
        all.remove("HandStart");
    }
    if let Some(variants) = schemas
        .pointer_mut("/BourrePenalty/oneOf")
        .and_then(Value::as_array_mut)
    {
        for (variant, title) in variants.iter_mut().zip(["PotPenalty", "FixedPenalty"]) {
            variant["title"] = json!(title);
        }
    }
}
