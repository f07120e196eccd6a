import Dispatch
import Testing

@testable import PresentationStateMachine

@Suite struct TraceClockTests {
  @Test func theSystemClockIsMonotonicAndCountsSeconds() {
    let clock = SystemTraceClock()
    var previous = clock.now()
    for _ in 0..<10_000 {
      let now = clock.now()
      #expect(now >= previous)
      #expect((now * 1_000_000).rounded() / 1_000_000 == now, "\(now) is not whole microseconds")
      previous = now
    }
    let start = clock.now()
    let wallStart = DispatchTime.now().uptimeNanoseconds
    while DispatchTime.now().uptimeNanoseconds - wallStart < 20_000_000 {}
    let elapsed = clock.now() - start
    #expect(elapsed >= 0.019 && elapsed < 5, "20 ms of busy waiting measured \(elapsed) s")
  }

  @Test func theVirtualClockMovesOnlyWhenTold() {
    let clock = VirtualTraceClock(start: 5, step: 0.5)
    #expect(clock.now() == 5)
    #expect(clock.now() == 5.5)
    clock.advance(by: 1)
    #expect(clock.time == 7)
    clock.set(2)
    #expect(clock.now() == 2)
  }
}
