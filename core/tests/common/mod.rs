//! What the picture tests (`svg.rs`, `cube3_svg.rs`) share: reading attributes back from SVG
//! text.

/// The values of every `name="..."` attribute, in order.
pub fn attribute_values<'a>(svg: &'a str, name: &str) -> Vec<&'a str> {
    let key = format!(" {name}=\"");
    let mut values = Vec::new();
    let mut rest = svg;
    while let Some(at) = rest.find(&key) {
        rest = &rest[at + key.len()..];
        let end = rest.find('"').unwrap();
        values.push(&rest[..end]);
        rest = &rest[end..];
    }
    values
}
