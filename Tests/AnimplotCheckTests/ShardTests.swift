import AnimplotCheck
import AnimplotGolden
import Testing

/// `--shard I/N`: validated, deterministic, and the shards partition the cases.
@Suite struct ShardTests {
  @Test func shardsPartitionTheCasesInOrder() throws {
    let items = Array(0..<23)
    for count in 1...6 {
      let shards = try (1...count).map { try Shard(parsing: "\($0)/\(count)").select(items) }
      #expect(shards.flatMap { $0 }.sorted() == items)
      for (i, shard) in shards.enumerated() {
        #expect(shard == items.filter { $0 % count == i })
      }
    }
    #expect(try Shard(parsing: "3/5").select([Int]()) == [])
    #expect(try Shard(parsing: "2/4").description == "2/4")
  }

  @Test(arguments: [
    ("", "'' is not I/N (e.g. 2/4: the second of four shards)"),
    ("2", "'2' is not I/N (e.g. 2/4: the second of four shards)"),
    ("a/4", "'a/4' is not I/N (e.g. 2/4: the second of four shards)"),
    ("1/2/3", "'1/2/3' is not I/N (e.g. 2/4: the second of four shards)"),
    ("0/4", "'0/4': I must be from 1 to N"),
    ("5/4", "'5/4': I must be from 1 to N"),
    ("1/0", "'1/0': I must be from 1 to N"),
    ("-1/4", "'-1/4': I must be from 1 to N"),
  ])
  func refuses(text: String, message: String) {
    do {
      _ = try Shard(parsing: text)
      Issue.record("accepted \(text)")
    } catch {
      #expect(error.description == message)
    }
  }
}
