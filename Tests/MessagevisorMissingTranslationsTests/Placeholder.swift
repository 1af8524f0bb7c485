import Testing

@Test func MessagevisorMissingTranslationsTestsPlaceholder() {}
