extension LaunchTrace {
  /// What a launch's trace header says about the app and the device, passed in by the app as plain strings
  /// (the library has no UIKit).
  ///
  /// ```swift
  /// let metadata = LaunchTrace.Metadata(
  ///   appVersion: Bundle.main.infoDictionary?["CFBundleShortVersionString"] as? String ?? "?",
  ///   appBuild: Bundle.main.infoDictionary?["CFBundleVersion"] as? String ?? "?",
  ///   osVersion: UIDevice.current.systemName + " " + UIDevice.current.systemVersion,
  ///   deviceModel: "iPhone15,2")  // `uname().machine`, not `UIDevice.model` ("iPhone")
  /// ```
  ///
  /// `LaunchTraceStore` writes it as the header's metadata, keys in this order, followed by `recordedAt`
  /// (the file's creation time, ISO 8601 in UTC):
  /// `{"format":"presentation-trace","version":1,"appVersion":"2.3","appBuild":"417","osVersion":"iOS 17.4","deviceModel":"iPhone15,2","recordedAt":"2025-03-14T09:15:02.250Z"}`.
  /// An audit keeps metadata and never judges it (<doc:TraceFormat#The-header>).
  public struct Metadata: Sendable, Hashable {
    /// The marketing version (`CFBundleShortVersionString`), header key `appVersion`.
    public var appVersion: String
    /// The build number (`CFBundleVersion`), header key `appBuild`.
    public var appBuild: String
    /// The operating system and its version, header key `osVersion`.
    public var osVersion: String
    /// The hardware model identifier, header key `deviceModel`.
    public var deviceModel: String

    /// Metadata for a launch's header.
    ///
    /// ```swift
    /// let metadata = LaunchTrace.Metadata(
    ///   appVersion: "2.3", appBuild: "417", osVersion: "iOS 17.4", deviceModel: "iPhone15,2")
    /// ```
    public init(appVersion: String, appBuild: String, osVersion: String, deviceModel: String) {
      self.appVersion = appVersion
      self.appBuild = appBuild
      self.osVersion = osVersion
      self.deviceModel = deviceModel
    }

    /// The header of a trace recorded from `recordedAt` on.
    func header(recordedAt: String) -> TraceHeader {
      TraceHeader(metadata: [
        ("appVersion", .string(appVersion)), ("appBuild", .string(appBuild)),
        ("osVersion", .string(osVersion)),
        ("deviceModel", .string(deviceModel)), ("recordedAt", .string(recordedAt)),
      ])
    }
  }
}
