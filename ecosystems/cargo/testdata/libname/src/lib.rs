//! Counts the elements of an XML document and names them in hex.

use xml::reader::{EventReader, XmlEvent};

/// Returns the number of elements in doc.
pub fn elements(doc: &str) -> usize {
    EventReader::from_str(doc)
        .into_iter()
        .filter(|e| matches!(e, Ok(XmlEvent::StartElement { .. })))
        .count()
}

/// Returns the element count of doc, in hex.
pub fn elements_hex(doc: &str) -> String {
    hexa::encode([elements(doc) as u8])
}

#[cfg(test)]
mod tests {
    #[test]
    fn counts() {
        assert_eq!(super::elements("<a><b/><c/></a>"), 3);
        assert_eq!(super::elements_hex("<a/>"), "01");
    }
}
