/// The objects an action animates, as Blender would hold them: an action's plain transform
/// channels (`location`, `rotation_euler`, ...) move the action's own object, and a data path
/// that names its owner, `objects["Cube"].location` or `pose.bones["Arm"].location`, moves that
/// object or bone. Importers write the first form for each node, layer or GameObject of a file
/// of another tool (docs/import.md), so that motion paths and the preview stage can trace every
/// object a file moves.
public struct ObjectChannels: Sendable, Hashable {
  /// The object's (or bone's) name: the owner in the data path, else the action's object's
  /// name, else the action's name.
  public var name: String
  /// The action's settings with only the object's tracks, their data paths relative to the
  /// object (`location`, not `objects["Cube"].location`).
  public var action: Action
  /// How the object turns, where the file says (`Action.rotationModes`).
  public var rotationMode: RotationMode?

  public init(name: String, action: Action, rotationMode: RotationMode? = nil) {
    self.name = name
    self.action = action
    self.rotationMode = rotationMode
  }

  /// The owner named at the front of `dataPath` (`objects["Cube"].` or `pose.bones["Arm"].`),
  /// and the path relative to it; `nil` when the path names none. The name is read as Blender
  /// writes it, `"` and `\` after a backslash (`objects["A\"B"]` is the object `A"B`).
  public static func owner(of dataPath: String) -> (owner: String, property: String)? {
    for prefix in ["objects[\"", "pose.bones[\""] where dataPath.hasPrefix(prefix) {
      let rest = dataPath.dropFirst(prefix.count)
      guard let (name, close) = QuotedName.read(rest) else { return nil }
      let after = Substring(rest.unicodeScalars[close...].dropFirst())
      guard after.hasPrefix("].") else { return nil }
      let property = after.dropFirst(2)
      guard !property.isEmpty, !property.contains("[\"") else { return nil }
      return (name, String(property))
    }
    return nil
  }

  /// The data path of `property` (`location`) on the object called `owner`:
  /// `objects["owner"].property`, the name escaped as Blender escapes it (`A"B` as `A\"B`).
  public static func dataPath(owner: String, property: String) -> String {
    "objects[\"" + QuotedName.escaped(owner) + "\"]." + property
  }

  /// The objects of `actions`, in the order their first track comes, each with its tracks
  /// (an action's own object first where it has plain tracks). Objects with the same name in
  /// different actions stay apart.
  public static func of(_ actions: [Action]) -> [ObjectChannels] {
    var out: [ObjectChannels] = []
    for action in actions {
      var order: [String] = []
      var byOwner: [String: [FCurve]] = [:]
      let own = action.object?.name ?? action.name
      for track in action.tracks {
        var t = track
        var name = own
        if let (owner, property) = owner(of: track.dataPath) {
          name = owner
          t.dataPath = property
          if var role = t.quaternion {
            // Coupled components carry their curves: relative paths for them too.
            role.curves = role.curves.map { c in
              var c = c
              c.dataPath = property
              return c
            }
            t.quaternion = role
          }
        }
        if byOwner[name] == nil { order.append(name) }
        byOwner[name, default: []].append(t)
      }
      for name in order {
        var sub = action
        sub.tracks = byOwner[name]!
        out.append(ObjectChannels(name: name, action: sub, rotationMode: action.rotationModes[name]))
      }
    }
    return out
  }

  /// Whether the object has an (unmuted) `location` channel.
  public var hasLocation: Bool { MotionPath.locationChannels(of: action).contains { $0 != nil } }

  /// Whether any of its channels moves it (`TransformChannels`).
  public var hasTransform: Bool { !transform.isEmpty }

  /// Its transform channels, turned by its rotation mode.
  public var transform: TransformChannels { TransformChannels(action: action, rotationMode: rotationMode) }
}
