import PresentationStateMachine

// Not in the testing article: the function its generator block is the body of.
func generateTraces(into myHandler: (Event) -> Void) {
  var generator = TraceGenerator(seed: 42)
  generator.generate { event in myHandler(event) }

  var many = TraceGenerator(seed: 42, configuration: GeneratorConfiguration(episodes: .max, roots: 1000))
  var stream = many.stream()  // 1,000 scenes at once, never ends, nothing materialised
  while let event = stream.next(), event.t < 2000 { myHandler(event) }
}
