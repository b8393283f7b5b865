#if canImport(Glibc)
import Glibc
#endif
@testable import JotterApplication
@testable import JotterCore
import Testing

/// The one place jotter starts a child: each grouping puts it where it says, and the
/// streams and environment it is given are the ones it sees.
@Suite struct ChildProcessTests {
    /// Starts `cat` reading a pipe held open here, so that it is still running when
    /// its group and session are looked at; then lets it end.
    private func groupAndSession(of grouping: ChildProcess.Grouping) throws -> (pid: pid_t, group: pid_t, session: pid_t) {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let pid = try ChildProcess.start("/bin/cat", arguments: ["cat"], input: .descriptor(ends[0]), output: .null,
                                         grouping: grouping)
        close(ends[0])
        let found = (pid, getpgid(pid), getsid(pid))
        close(ends[1])
        let status = ChildProcess.waitForEnd(of: pid)
        #expect(status == 0)
        return found
    }

    @Test func aChildInJottersGroupSharesItsGroupAndSession() throws {
        let child = try groupAndSession(of: .jotters)
        #expect(child.group == getpgrp())
        #expect(child.session == getsid(0))
    }

    @Test func aChildInAGroupOfItsOwnLeadsItInJottersSession() throws {
        let child = try groupAndSession(of: .own)
        #expect(child.group == child.pid)
        #expect(child.session == getsid(0))
    }

    @Test func aChildInANewSessionLeadsIt() throws {
        let child = try groupAndSession(of: .newSession)
        #expect(child.group == child.pid)
        #expect(child.session == child.pid)
    }

    @Test func aChildSeesJottersEnvironmentWithWhatIsAdded() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let pid = try ChildProcess.start("/bin/sh", arguments: ["/bin/sh", "-c", "printf '%s|%s' \"$JOTTER_ADDED\" \"$PATH\""],
                                         environment: ["JOTTER_ADDED": "given"], input: .null,
                                         output: .descriptor(ends[1]), grouping: .own)
        close(ends[1])
        var printed: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(ends[0], &buffer, buffer.count)
            guard count > 0 else { break }
            printed += buffer[..<count]
        }
        close(ends[0])
        #expect(ChildProcess.waitForEnd(of: pid) == 0)
        let path = String(cString: getenv("PATH"))
        #expect(String(decoding: printed, as: UTF8.self) == "given|\(path)")
    }

    @Test func aProgramThatCannotBeStartedIsAFailureWithItsReason() {
        let failure = #expect(throws: ChildProcess.Failure.self) {
            try ChildProcess.start("/nonexistent/program", arguments: ["program"], grouping: .own)
        }
        #expect(failure?.code == ENOENT)
    }
}
