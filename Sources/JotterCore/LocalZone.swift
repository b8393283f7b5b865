#if canImport(Glibc)
import Glibc
#endif

/// A time zone, reduced to the one question whose answer the C library and a test
/// can both give: the offset from UTC at an instant. Going from a local date and time
/// to an instant is worked out from that here, once, so that the choice made for
/// clock times skipped or repeated by a change of offset is the same in every zone
/// and is exercised by tests.
public protocol LocalZone: Sendable {
    /// Seconds east of UTC in force at `utcSeconds`, seconds since the epoch.
    func offsetSeconds(atUTCSeconds utcSeconds: Int64) -> Int64
}

/// The zone the machine is set to: `TZ` when it is set, else /etc/localtime.
public struct SystemZone: LocalZone {
    public init() {
        // POSIX does not promise that localtime_r reads TZ; tzset does.
        tzset()
    }

    public func offsetSeconds(atUTCSeconds utcSeconds: Int64) -> Int64 {
        var time = time_t(utcSeconds)
        var local = tm()
        // Fails only for instants whose year does not fit in an int; a stored time
        // that far off is shown as if in UTC rather than not at all.
        guard localtime_r(&time, &local) != nil else { return 0 }
        return Int64(local.tm_gmtoff)
    }
}

extension LocalZone {
    /// What the local clock and calendar read at `milliseconds` since the epoch.
    public func localDateTime(atMilliseconds milliseconds: Int64) -> LocalDateTime {
        let seconds = milliseconds.floorDivided(by: 1000).quotient
        return LocalDateTime(wallClockSeconds: seconds + offsetSeconds(atUTCSeconds: seconds))
    }

    /// The first instant, in seconds since the epoch, at which the local clock reads
    /// `wallClockSeconds` (a local date and time counted as if it were UTC) or later.
    ///
    /// Most clock times are read at one instant. A time repeated when the clocks go
    /// back is read twice, and this is the first of the two: "since 01:30" on such
    /// a night includes both half-hours after it. A time skipped when the clocks go
    /// forward is never read, and this is the instant of the jump, when the clock
    /// first shows a later time: 02:30 on a New York spring-forward night is 03:00
    /// daylight time. The start of a local day is then simply its midnight, even
    /// where the clocks jump over midnight. (glibc's mktime is not used: for a
    /// repeated time its answer depends on what it was asked before.)
    ///
    /// The zone's offsets a day either side bound the answer; this assumes that an
    /// offset does not change twice within two days, which holds for every zone in
    /// the tz database (checked with zdump from 1800 to 2100).
    func firstInstant(readingWallClock wallClockSeconds: Int64) -> Int64 {
        let day: Int64 = 86_400
        let offsetBefore = offsetSeconds(atUTCSeconds: wallClockSeconds - day)
        let offsetAfter = offsetSeconds(atUTCSeconds: wallClockSeconds + day)
        let instantBefore = wallClockSeconds - offsetBefore
        if offsetBefore == offsetAfter { return instantBefore }
        let instantAfter = wallClockSeconds - offsetAfter
        let readBefore = offsetSeconds(atUTCSeconds: instantBefore) == offsetBefore
        let readAfter = offsetSeconds(atUTCSeconds: instantAfter) == offsetAfter
        switch (readBefore, readAfter) {
        case (true, true): return min(instantBefore, instantAfter)
        case (true, false): return instantBefore
        case (false, true): return instantAfter
        case (false, false): return changeOfOffset(after: instantAfter, upTo: instantBefore)
        }
    }

    /// The first second after `earliest` whose offset differs from `earliest`'s, found
    /// by halving: the change is known to fall no later than `latest`.
    private func changeOfOffset(after earliest: Int64, upTo latest: Int64) -> Int64 {
        let offsetBefore = offsetSeconds(atUTCSeconds: earliest)
        var unchanged = earliest
        var changed = latest
        while changed - unchanged > 1 {
            let middle = unchanged + (changed - unchanged) / 2
            if offsetSeconds(atUTCSeconds: middle) == offsetBefore {
                unchanged = middle
            } else {
                changed = middle
            }
        }
        return changed
    }
}
