import AnimplotCairo
import AnimplotCheck

/// The version `animplot --version` prints and the check reports record.
package let animplotVersion = "0.1.0"

/// animplot's version, then the C libraries' its pictures depend on, as the check reports
/// record them (asked for only when a report is made: FreeType's set-up costs).
package var reportedVersions: [ComponentVersion] {
  [ComponentVersion(name: "animplot", version: animplotVersion)]
    + LibraryVersions.all.map { ComponentVersion(name: $0.name, version: $0.version) }
}
