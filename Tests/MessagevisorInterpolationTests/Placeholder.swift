import Testing

@Test func MessagevisorInterpolationTestsPlaceholder() {}
