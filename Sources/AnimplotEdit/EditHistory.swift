/// Undo and redo as a history of documents: each applied operation keeps the document before
/// it (documents are values, so a step costs what the edit changed, shared otherwise).
public struct EditHistory: Sendable {
  public private(set) var current: EditDocument
  private var undoStack: [EditDocument] = []
  private var redoStack: [EditDocument] = []

  public init(_ document: EditDocument) { current = document }

  public var canUndo: Bool { !undoStack.isEmpty }
  public var canRedo: Bool { !redoStack.isEmpty }

  /// Applies `operation`; on success the previous document becomes an undo step and the redo
  /// steps are dropped. On error nothing changes.
  @discardableResult
  public mutating func apply(_ operation: EditOperation) throws -> EditStatus {
    let (next, status) = try current.applying(operation)
    undoStack.append(current)
    redoStack.removeAll()
    current = next
    return status
  }

  /// Goes back one step; false when there is none.
  @discardableResult
  public mutating func undo() -> Bool {
    guard let previous = undoStack.popLast() else { return false }
    redoStack.append(current)
    current = previous
    return true
  }

  /// Goes forward one undone step; false when there is none.
  @discardableResult
  public mutating func redo() -> Bool {
    guard let next = redoStack.popLast() else { return false }
    undoStack.append(current)
    current = next
    return true
  }
}
