#if canImport(Darwin)
  #if canImport(FoundationEssentials)
    import FoundationEssentials
  #else
    import Foundation
  #endif
#endif

/// Marks a folder as excluded from iCloud and computer backups, where the platform has such backups.
///
/// ```swift
/// let excluded = BackupExclusion.exclude(folder: tracesFolder)  // false on Linux: nothing to do
/// ```
///
/// Traces are diagnostics that the next launches replace: backing them up costs the user's iCloud
/// quota and restores stale files onto another device. Apple platforms keep the mark as a resource
/// value of the folder (`URLResourceValues.isExcludedFromBackup`), which covers every file in it, so it
/// is set once per launch, not per file. Other platforms have no such mark; there it does nothing.
enum BackupExclusion {
  /// Sets the mark on `folder`; whether the folder carries it now (always `false` where there is none).
  static func exclude(folder: String) -> Bool {
    #if canImport(Darwin)
      var url = URL(fileURLWithPath: folder, isDirectory: true)
      var values = URLResourceValues()
      values.isExcludedFromBackup = true
      do {
        try url.setResourceValues(values)
        return true
      } catch {
        return false
      }
    #else
      return false
    #endif
  }
}
