import JotterCore
import Testing

@Suite struct NodeIDTests {
    @Test func newIDsAreVersion7WithTheRFCVariantAndTheTimeInFront() {
        var generator = NodeIDGenerator()
        let id = generator.next(milliseconds: 0x0123_4567_89AB)
        #expect(id.bytes[6] >> 4 == 7)
        #expect(id.bytes[8] >> 6 == 0b10)
        #expect(id.description.hasPrefix("01234567-89ab-7"))
    }

    @Test func idsIncreaseStrictlyEvenWithinOneMillisecondAndWhenTheClockGoesBack() {
        var generator = NodeIDGenerator()
        var ids = (0..<10_000).map { _ in generator.next(milliseconds: 1_795_000_000_000) }
        ids.append(generator.next(milliseconds: 1_000))
        #expect(zip(ids, ids.dropFirst()).allSatisfy { $0 < $1 })
        #expect(Set(ids).count == ids.count)
    }

    @Test func theTextFormRoundTrips() throws {
        let text = "01a201e5-1d39-7656-9289-ca0ccba8f959"
        let id = try #require(NodeID(text))
        #expect(id.description == text)
        #expect(NodeID("01A201E51D3976569289CA0CCBA8F959") == id)
        #expect(id.shortForm() == "cba8f959")
        #expect(id.shortForm(length: 12) == "9289ca0ccba8f959".suffix(12))
    }

    @Test(arguments: ["", "01a201e5", "01a201e5-1d39-7656-9289-ca0ccba8f95g", "01a201e5_1d39-7656-9289-ca0ccba8f959",
                      "01a201e5-1d39-7656-9289-ca0ccba8f9590"])
    func malformedIDsAreNotIDs(text: String) {
        #expect(NodeID(text) == nil)
    }

    @Test func shortFormCandidates() {
        #expect(NodeID.isShortFormCandidate("cba8"))
        #expect(NodeID.isShortFormCandidate("CBA8F959"))
        #expect(!NodeID.isShortFormCandidate("cba"))
        #expect(!NodeID.isShortFormCandidate("milk"))
    }
}
