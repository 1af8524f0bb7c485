import CLibXML2
import Foundation

/// Reads an XML property list through libxml2's tree parser (see ``PropertyListReader`` for the
/// options and limits).
enum XMLPropertyListReader {
  /// Safe parser options: no network, big line numbers, libxml2's own errors and warnings only
  /// through the context's structured handler. Not set on purpose: `XML_PARSE_NOENT` (entity
  /// substitution), `XML_PARSE_DTDLOAD` / `DTDATTR` / `DTDVALID` (loading the external DTD),
  /// `XML_PARSE_HUGE` (lifting the size and depth limits), `XML_PARSE_XINCLUDE`, `XML_PARSE_RECOVER`.
  static let options: Int32 = Int32(
    XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
      | XML_PARSE_BIG_LINES.rawValue)

  /// libxml2's global initialization, once per process before the first parse (thread-safe).
  private static let initialized: Bool = {
    xmlInitParser()
    return true
  }()

  static func read(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyListDocument {
    try withDocument(bytes) { document throws(PropertyListError) in
      guard let root = xmlDocGetRootElement(document) else {
        throw PropertyListError(message: "the document has no root element; expected <plist>")
      }
      var walker = XMLPropertyListWalker()
      let value = try walker.document(root)
      return PropertyListDocument(root: value, duplicateKeys: walker.duplicates)
    }
  }

  /// Parses `bytes` with the safe context (see `options`; entity declarations, the external
  /// subset and entity resolution switched off; errors collected, never printed) and hands the
  /// document to `body` (freed after). Every XML reader of the package goes through here.
  static func withDocument<T>(
    _ bytes: [UInt8], _ body: (xmlDocPtr) throws(PropertyListError) -> T
  ) throws(PropertyListError) -> T {
    _ = initialized
    guard bytes.count <= Int(Int32.max) else {
      throw PropertyListError(message: "the file is too large for the XML parser")
    }
    guard let context = xmlNewParserCtxt() else {
      throw PropertyListError(message: "libxml2 could not create a parser (out of memory)")
    }
    defer { xmlFreeParserCtxt(context) }
    let collector = XMLErrorCollector()
    context.pointee._private = Unmanaged.passUnretained(collector).toOpaque()
    if let sax = context.pointee.sax {
      // Errors go to the collector, never to libxml2's default (stderr) channels.
      sax.pointee.serror = xmlPropertyListStructuredError
      sax.pointee.error = nil
      sax.pointee.warning = nil
      // Entity declarations are ignored, so no entity can be expanded or loaded; the external
      // subset (Apple's DTD) is never loaded or resolved.
      sax.pointee.entityDecl = nil
      sax.pointee.unparsedEntityDecl = nil
      sax.pointee.externalSubset = nil
      sax.pointee.resolveEntity = nil
    }
    // Errors raised without a context (encoding conversion, I/O) reach this thread's handler: route
    // them to the collector too for the parse, then put back what was there.
    var previousHandler: xmlStructuredErrorFunc?
    var previousContext: UnsafeMutableRawPointer?
    rerune_xml_swap_structured_error(
      xmlPropertyListStructuredError, UnsafeMutableRawPointer(context), &previousHandler,
      &previousContext)
    defer { rerune_xml_swap_structured_error(previousHandler, previousContext, nil, nil) }
    let document = bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { chars in
        xmlCtxtReadMemory(context, chars.baseAddress, Int32(chars.count), nil, nil, options)
      }
    }
    // libxml2 keeps a copy of the last error per thread; free it with the context.
    defer { xmlResetLastError() }
    guard let document else {
      throw collector.firstError ?? lastError(of: context)
    }
    defer { xmlFreeDoc(document) }
    if let error = collector.firstError { throw error }
    return try body(document)
  }

  /// The context's last error, when the collector saw none (it always should).
  private static func lastError(of context: xmlParserCtxtPtr) -> PropertyListError {
    guard let error = xmlCtxtGetLastError(context) else {
      return PropertyListError(message: "not a well-formed XML document")
    }
    return XMLErrorCollector.describe(error.pointee)
  }
}

/// The first error libxml2 reported for one parse (warnings are ignored: what they mean is either
/// harmless or caught by the walker, e.g. an undeclared entity).
final class XMLErrorCollector {
  var firstError: PropertyListError?

  /// What to do instead of an entity.
  static let entityAdvice =
    "entities are not supported (never expanded or loaded); use &lt; &gt; &amp; &quot; &apos; or a character reference such as &#x41;"

  static func describe(_ error: xmlError) -> PropertyListError {
    var message = error.message.map { String(cString: $0) } ?? "XML error \(error.code)"
    while let last = message.last, last.isWhitespace { message.removeLast() }
    // Entity declarations are ignored (see XMLPropertyListReader), so every use of one ends here.
    let lowercased = message.lowercased()
    if lowercased.contains("entity") || lowercased.contains("pereference") {
      message += ": \(entityAdvice)"
    }
    return PropertyListError(
      line: error.line > 0 ? Int(error.line) : nil,
      column: error.int2 > 0 ? Int(error.int2) : nil,
      message: "not well-formed XML: \(message)")
  }
}

/// libxml2's structured error callback: `userData` is the parser context, whose `_private` holds
/// the ``XMLErrorCollector`` of the parse.
private func xmlPropertyListStructuredError(
  _ userData: UnsafeMutableRawPointer?, _ error: xmlErrorPtr?
) {
  guard let userData, let error else { return }
  let context = userData.assumingMemoryBound(to: xmlParserCtxt.self)
  guard let opaque = context.pointee._private else { return }
  let collector = Unmanaged<XMLErrorCollector>.fromOpaque(opaque).takeUnretainedValue()
  guard error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue, collector.firstError == nil else {
    return
  }
  collector.firstError = XMLErrorCollector.describe(error.pointee)
}
