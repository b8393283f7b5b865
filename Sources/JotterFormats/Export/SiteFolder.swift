import JotterCore

#if canImport(Glibc)
import Glibc
#endif

/// The folder a static site is written into. Only a new folder, an empty one or one
/// that holds a site jotter wrote (it has the mark file) is written into: an export
/// aimed at the wrong folder must not scatter pages among someone's files or replace
/// their `index.html`. Each page is written under a temporary name, synced and only
/// then given its own, so that a page under its name is always whole; an export that
/// is interrupted leaves the pages it finished and, at worst, a temporary file that
/// the next export clears.
public final class SiteFolder {
    public let path: String
    /// The names of the files written by this export, which clearing keeps.
    private var written: Set<String> = []

    /// The file that says a folder holds a site jotter wrote.
    static let markName = ".jotter-site"
    private static let partialSuffix = ".partial"

    /// Opens `path` for a site, making the folder when it does not exist.
    public init(path: String) throws {
        self.path = path
        if mkdir(path, 0o755) != 0 {
            let made = errno
            guard made == EEXIST else { throw SiteFolder.failure("cannot make the folder", path, made) }
            var status = stat()
            guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
                throw JotterError.input("\(path) is not a folder; name a new or empty folder for the site")
            }
            let names = try SiteFolder.names(in: path)
            guard names.isEmpty || names.contains(SiteFolder.markName) else {
                throw JotterError.input(
                    "\(path) is not empty and holds no site jotter wrote; name a new or empty folder for the site")
            }
        }
        try write(SiteFolder.markName) { $0.write("A static site written by 'jotter export --format html'.\n") }
    }

    /// A file being written, under its temporary name until `commit` gives it its own.
    public final class File {
        public let out: OutputBuffer
        fileprivate let name: String
        fileprivate let partialPath: String
        fileprivate var descriptor: Int32

        fileprivate init(name: String, partialPath: String, descriptor: Int32) {
            self.name = name
            self.partialPath = partialPath
            self.descriptor = descriptor
            out = OutputBuffer(fileDescriptor: descriptor)
        }

        /// A file left unfinished (the export failed) is removed, never given its name.
        deinit {
            if descriptor >= 0 {
                close(descriptor)
                unlink(partialPath)
            }
        }
    }

    /// Starts the file `name`, under a temporary name.
    public func create(_ name: String) throws -> File {
        let partial = path + "/" + name + SiteFolder.partialSuffix
        let descriptor = open(partial, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw SiteFolder.failure("cannot write", partial, errno) }
        return File(name: name, partialPath: partial, descriptor: descriptor)
    }

    /// Writes out the rest of `file`, syncs it and gives it its name.
    public func commit(_ file: File) throws {
        try file.out.finish()
        guard fsync(file.descriptor) == 0 else { throw SiteFolder.failure("cannot write", file.partialPath, errno) }
        let closed = close(file.descriptor)
        file.descriptor = -1
        guard closed == 0 else {
            unlink(file.partialPath)
            throw SiteFolder.failure("cannot write", file.partialPath, errno)
        }
        guard rename(file.partialPath, path + "/" + file.name) == 0 else {
            unlink(file.partialPath)
            throw SiteFolder.failure("cannot write", file.partialPath, errno)
        }
        written.insert(file.name)
    }

    /// Writes the file `name` with what `body` writes, whole or not at all.
    public func write(_ name: String, _ body: (OutputBuffer) throws -> Void) throws {
        let file = try create(name)
        try body(file.out)
        try commit(file)
    }

    /// Removes what an earlier export left that this one did not write: pages of
    /// months no longer in the journal, whose links would lead nowhere now, and the
    /// temporary files of an interrupted export. Other files are left alone. Then the
    /// folder is synced, so that the new names last.
    public func clearLeftovers(isPageName: (String) -> Bool) throws {
        for name in try SiteFolder.names(in: path) where !written.contains(name) {
            if name.hasSuffix(SiteFolder.partialSuffix) || isPageName(name) { unlink(path + "/" + name) }
        }
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw SiteFolder.failure("cannot sync the folder", path, errno) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw SiteFolder.failure("cannot sync the folder", path, errno) }
    }

    private static func names(in path: String) throws -> [String] {
        guard let directory = opendir(path) else { throw failure("cannot read the folder", path, errno) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    private static func failure(_ what: String, _ path: String, _ error: Int32) -> JotterError {
        JotterError.output("\(what) \(path): \(String(cString: strerror(error)))")
    }
}
