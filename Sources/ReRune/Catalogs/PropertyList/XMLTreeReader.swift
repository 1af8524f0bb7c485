import CLibXML2

/// An XML element as plain values, with the line it starts on: what the package's other XML
/// formats (XLIFF in `MessagevisorProject`) read, through the same safe libxml2 context as
/// property lists (no network, no DTD, no entity loading or expansion).
package struct XMLTreeElement: Sendable, Equatable {
  /// One child: text (character data, CDATA) or an element.
  package enum Child: Sendable, Equatable {
    /// Character data.
    case text(String)
    /// A child element.
    case element(XMLTreeElement)
  }

  /// The local name.
  package var name: String
  /// The namespace URI, when the element has one.
  package var namespace: String?
  /// Attributes by qualified name (`xml:space` for the XML namespace, else the local name).
  package var attributes: [String: String]
  /// The children in order (comments and processing instructions left out).
  package var children: [Child]
  /// 1-based line of the start tag.
  package var line: Int

  /// The child elements.
  package var elements: [XMLTreeElement] {
    children.compactMap { child in
      if case .element(let element) = child { return element }
      return nil
    }
  }
}

/// Reads an XML document into an `XMLTreeElement` tree.
package enum XMLTreeReader {
  /// The deepest nesting read (deeper input is refused, as libxml2 itself refuses beyond 256
  /// without `XML_PARSE_HUGE`).
  package static let maximumDepth = 256

  /// The root element of `bytes`.
  /// - Throws: `(line, column, message)` of the first problem: not well-formed, an entity
  ///   reference (entities are never expanded or loaded), too deep.
  package static func read(_ bytes: [UInt8]) throws(XMLTreeError) -> XMLTreeElement {
    do throws(PropertyListError) {
      return try XMLPropertyListReader.withDocument(bytes) { document throws(PropertyListError) in
        // Formats read here have no DTD: a DOCTYPE can only declare entities, which are
        // refused outright rather than left out silently.
        if document.pointee.intSubset != nil || document.pointee.extSubset != nil {
          let marker = Array("<!DOCTYPE".utf8)
          let offset =
            bytes.indices.first { bytes[$0...].starts(with: marker) } ?? 0
          let line = bytes[..<offset].filter { $0 == 0x0A }.count + 1
          throw PropertyListError(
            line: line,
            message:
              "a DOCTYPE is not allowed (no DTD is read, and entities are never expanded or loaded); remove it"
          )
        }
        guard let root = xmlDocGetRootElement(document) else {
          throw PropertyListError(message: "the document has no root element")
        }
        return try element(root, depth: 0)
      }
    } catch {
      throw XMLTreeError(line: error.line ?? 0, column: error.column ?? 0, message: error.message)
    }
  }

  static func element(_ node: xmlNodePtr, depth: Int) throws(PropertyListError) -> XMLTreeElement {
    let line = Int(xmlGetLineNo(node))
    guard depth < maximumDepth else {
      throw PropertyListError(line: line, message: "elements nested deeper than \(maximumDepth)")
    }
    var attributes: [String: String] = [:]
    var attribute = node.pointee.properties
    while let current = attribute {
      let local = current.pointee.name.map { String(cString: $0) } ?? ""
      let prefix = current.pointee.ns?.pointee.prefix.map { String(cString: $0) }
      let name = prefix == "xml" ? "xml:" + local : local
      var value = ""
      var part = current.pointee.children
      while let text = part {
        guard text.pointee.type == XML_TEXT_NODE else {
          throw PropertyListError(
            line: line,
            message:
              "an entity in the attribute \(name) is not supported: \(XMLErrorCollector.entityAdvice)"
          )
        }
        value += text.pointee.content.map { String(cString: $0) } ?? ""
        part = text.pointee.next
      }
      attributes[name] = value
      attribute = current.pointee.next
    }
    var children: [XMLTreeElement.Child] = []
    var child = node.pointee.children
    while let current = child {
      switch current.pointee.type {
      case XML_ELEMENT_NODE:
        children.append(.element(try element(current, depth: depth + 1)))
      case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
        children.append(.text(current.pointee.content.map { String(cString: $0) } ?? ""))
      case XML_ENTITY_REF_NODE, XML_ENTITY_NODE:
        let name = current.pointee.name.map { String(cString: $0) } ?? "?"
        throw PropertyListError(
          line: Int(xmlGetLineNo(current)) > 0 ? Int(xmlGetLineNo(current)) : line,
          message:
            "the entity &\(name); is not supported (never expanded or loaded): \(XMLErrorCollector.entityAdvice)"
        )
      default:
        break
      }
      child = current.pointee.next
    }
    return XMLTreeElement(
      name: node.pointee.name.map { String(cString: $0) } ?? "",
      namespace: node.pointee.ns?.pointee.href.map { String(cString: $0) },
      attributes: attributes, children: children, line: line)
  }
}

/// Why `XMLTreeReader` refused a document.
package struct XMLTreeError: Error, Sendable, Equatable {
  /// 1-based line (0 when unknown).
  package var line: Int
  /// 1-based column (0 when unknown).
  package var column: Int
  /// What is wrong.
  package var message: String

  /// Creates an error.
  package init(line: Int, column: Int, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }
}
