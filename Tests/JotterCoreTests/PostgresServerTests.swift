import Foundation
import TestSupport
import Testing

/// The server the tests start lives as long as the test process. A file of the test
/// process that it inherited stays open that long: Foundation's `Process` learns that
/// a child ended when the other end of a socket it hands the child closes, so a
/// server that inherited one made for another test's child left that test waiting
/// for good.
@Suite struct PostgresServerTests {
    @Test func aServerTheTestsStartHoldsNoneOfTheirFiles() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let server = try PostgresServer.own()
        defer { server.stop() }
        close(ends[1])
        defer { close(ends[0]) }

        // The read end sees its end once no process holds the write end; a child of
        // another test may hold it for as long as that child runs, never for good.
        var descriptor = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
        try #require(poll(&descriptor, 1, 30_000) == 1, "a process started with the server holds the test's pipe")
        var byte: UInt8 = 0
        #expect(read(ends[0], &byte, 1) == 0)
    }
}
