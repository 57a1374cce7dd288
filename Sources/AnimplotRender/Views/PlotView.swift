import AnimplotCore

/// A way of showing actions: the Graph Editor, the Dope Sheet, the Timeline, a table of values.
/// Each view holds its typed options and makes a `Rendition` of the actions, which any output
/// that accepts it encodes.
///
/// The views form an open set: a new one is one file with a type conforming here (and, on the
/// command line, a verb).
public protocol PlotView: Sendable {
  /// What the view makes: a picture, a layout, a table.
  associatedtype Content: Rendition

  /// The view's name, as the verb that shows it: `graph`, `dopesheet`, `timeline`, `eval`.
  static var name: String { get }

  /// Whether the view shows every action of a multi-action file at once (the Dope Sheet, the
  /// Timeline) rather than one.
  static var showsEveryAction: Bool { get }

  /// Lays out `actions` (one unless `showsEveryAction`; handles already recalculated).
  /// - Throws: `RenderError` when the actions cannot be shown (none, say).
  func content(of actions: [Action]) throws(RenderError) -> Content
}

extension PlotView {
  /// The outputs that can encode this view, in the order of `OutputFormat.all`.
  public static var outputFormats: [OutputFormat] { OutputFormat.all.filter { $0.accepts(Content.self) } }
}
