import ReRune

/// Proves the soak's verifiers can fail: a complete published catalog passes, and a partial one, one
/// mixing two versions, one with a wrong checksum and a datafile with a stray overlay key do not;
/// the RSS assertion (`SoakRSSCheck`) passes a flat series and fails growing ones.
/// `scripts/soak` runs it before the soak.
func selfTest() -> Bool {
  func text(_ version: Int, _ locale: String, _ index: Int) -> String {
    "v\(version) \(locale) \(SoakContent.key(index)) #\(SoakContent.checksum(version, locale, index))"
  }
  func catalog(_ version: Int, _ locale: String) -> [String: CatalogEntry] {
    let count = 8 + version % 8
    var entries: [String: CatalogEntry] = [
      "__keys": CatalogEntry(value: "\(count)", icuMessage: "\(count)", kind: .plain)
    ]
    for index in 0..<count {
      let value = text(version, locale, index)
      entries[SoakContent.key(index)] = CatalogEntry(value: value, icuMessage: value, kind: .plain)
    }
    return entries
  }
  var problems: [String] = []
  func expectPass(_ entries: [String: CatalogEntry], _ what: String) {
    if case .failure(let failure) = SoakContent.verifyCatalog(entries, locale: "nl") {
      problems.append("\(what) was rejected: \(failure)")
    }
  }
  func expectFail(_ entries: [String: CatalogEntry], _ what: String) {
    if case .success = SoakContent.verifyCatalog(entries, locale: "nl") {
      problems.append("\(what) was accepted")
    }
  }
  expectPass(catalog(13, "nl"), "a complete catalog")
  var partial = catalog(13, "nl")
  partial["k03"] = nil
  expectFail(partial, "a catalog without k03")
  var mixed = catalog(13, "nl")
  let other = text(21, "nl", 2)  // 21 % 8 == 13 % 8: same key count, another version
  mixed["k02"] = CatalogEntry(value: other, icuMessage: other, kind: .plain)
  expectFail(mixed, "a catalog mixing versions 13 and 21")
  var forged = catalog(13, "nl")
  forged["k01"] = CatalogEntry(value: "v13 nl k01 #1", icuMessage: "v13 nl k01 #1", kind: .plain)
  expectFail(forged, "a text with a wrong checksum")
  expectFail(catalog(13, "de-DE"), "another locale's catalog")
  var translations: [String: String] = ["__keys": "base"]
  for index in 0..<SoakContent.maxKeys {
    translations[SoakContent.key(index)] = SoakContent.baseText("nl", SoakContent.key(index))
  }
  if let failure = SoakContent.verifyTranslations(translations, locale: "nl") {
    problems.append("the base datafile was rejected: \(failure)")
  }
  translations["k04"] = text(13, "nl", 4)
  if SoakContent.verifyTranslations(translations, locale: "nl") == nil {
    problems.append("a base datafile with one overlay text was accepted")
  }
  if SoakContent.verifyText("v13 nl k02 #0", key: "k02", locales: ["nl"]) == nil {
    problems.append("a forged text was accepted by verifyText")
  }
  problems += SoakRSSCheck.selfTestProblems()
  for problem in problems { print("selftest: FAIL \(problem)") }
  print(
    problems.isEmpty
      ? "selftest: the verifiers accept complete and reject partial catalogs, the RSS check rejects growth"
      : "")
  return problems.isEmpty
}
