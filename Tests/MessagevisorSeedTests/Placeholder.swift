import Testing

@Test func MessagevisorSeedTestsPlaceholder() {}
