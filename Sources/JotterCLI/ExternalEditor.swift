import ArgumentParser
import JotterApplication
import JotterCore

#if canImport(Glibc)
import Glibc
#endif

/// Runs the user's editor on a text: `$VISUAL`, else `$EDITOR`, else `vi`, as other
/// tools do. The text is written to a file in a folder of its own (0700, the file
/// 0600), so that nobody else can read it, and the folder goes afterwards with
/// anything the editor left beside the file (swap and backup files). For an encrypted
/// store the folder is made in memory, never on a disk: `$XDG_RUNTIME_DIR`, else
/// `/dev/shm`.
enum ExternalEditor {
    /// Opens the editor on `text` and hands what it leaves to `save`, without the line
    /// break that ends it, and whether there was one. When `save` throws, the file is
    /// kept and named in the error, so that the edit is not lost.
    static func edit(_ text: consuming String, inputIsTerminal: Bool, inMemory: Bool,
                     save: (_ text: String, _ endedWithLineBreak: Bool) throws -> Void) throws {
        let chosen = ["VISUAL", "EDITOR"].compactMap(Terminal.environment).first { !$0.isEmpty }
        // An editor the user named may be a script; vi, in their stead, needs a terminal.
        guard chosen != nil || inputIsTerminal else {
            throw JotterError.input("edit needs the new text as arguments, a terminal, or an editor in VISUAL or EDITOR")
        }
        let editor = chosen ?? "vi"
        let base = inMemory ? try memoryFolder() : Terminal.environment("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/" + LeftoverEdits.prefix + "\(getpid())-XXXXXX").utf8CString)
        guard let folderPointer = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw JotterError.input("cannot make a private folder for the editor in \(base): \(String(cString: strerror(errno)))")
        }
        let folder = String(cString: folderPointer)
        var keepsFile = false
        defer { if !keepsFile { removeFolder(folder) } }
        let file = folder + "/entry.txt"
        try write(text, to: file)
        // In the file, the text is let go of: a long entry would otherwise be held
        // beside the one the editor leaves, through the save.
        _ = consume text
        // As system() does: the terminal's Ctrl-C and a hang-up are the editor's to
        // handle; jotter waits, then removes the file and changes nothing.
        let status = Interruption.catchingSignals { run(editor, file: file) }
        if Interruption.signal != 0 {
            removeFolder(folder)
            Messages.standardError.error("the edit was interrupted; nothing was changed")
            throw ExitCode(128 + Interruption.signal)
        }
        guard status == 0 else {
            throw JotterError.input("the editor '\(editor)' ended with status \(status); nothing was changed")
        }
        do {
            let (edited, endedWithLineBreak) = try read(file)
            try save(edited, endedWithLineBreak)
        } catch let error as JotterError {
            keepsFile = true
            throw JotterError(error.kind, error.message + "; the edited text is kept in \(file)")
        }
    }

    /// A folder whose files live in memory: the user's runtime folder, else /dev/shm,
    /// the first that is there for the user to write.
    private static func memoryFolder() throws -> String {
        let candidates = [Terminal.environment("XDG_RUNTIME_DIR"), "/dev/shm"].compactMap { $0 }.filter { !$0.isEmpty }
        if let folder = candidates.first(where: { access($0, W_OK | X_OK) == 0 }) { return folder }
        throw JotterError.input(
            "the store is encrypted, and there is no folder in memory (XDG_RUNTIME_DIR or /dev/shm) for the editor's file; nothing was changed (give the new text as arguments)")
    }

    /// Writes `text` and a line break, from where the string holds it: a copy of a
    /// long entry would come on top of the entry itself.
    private static func write(_ text: String, to file: String) throws {
        let descriptor = open(file, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw JotterError.input("cannot write \(file): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        func writeAll(_ bytes: UnsafeBufferPointer<UInt8>) throws {
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { throw JotterError.input("cannot write \(file): \(String(cString: strerror(errno)))") }
                offset += written
            }
        }
        var text = text
        try text.withUTF8(writeAll)
        var lineBreak = "\n"
        try lineBreak.withUTF8(writeAll)
    }

    /// The file's text, without the line break that ends it, and whether there was
    /// one, read straight into the string that holds it: read into bytes and
    /// validated into a string, a long text was held twice, and more as the bytes
    /// grew; the line break trimmed off later, three times.
    private static func read(_ file: String) throws -> (text: String, endedWithLineBreak: Bool) {
        let descriptor = open(file, O_RDONLY | O_CLOEXEC)
        var info = stat()
        guard descriptor >= 0, fstat(descriptor, &info) == 0 else {
            if descriptor >= 0 { close(descriptor) }
            throw JotterError.input("the editor left no file to read back; nothing was changed")
        }
        defer { close(descriptor) }
        // One byte more than the file holds: reading it means the file grew meanwhile.
        let capacity = Int(info.st_size) + 1
        var problem: String?
        var endedWithLineBreak = false
        let text = String(unsafeUninitializedCapacity: capacity) { buffer in
            var count = 0
            while count < capacity {
                let read = Glibc.read(descriptor, buffer.baseAddress! + count, capacity - count)
                if read < 0 && errno == EINTR { continue }
                guard read > 0 else { break }
                count += read
            }
            if count == capacity {
                problem = "the edited file changed while it was read; nothing was changed"
                return 0
            }
            if count > 0 && buffer[count - 1] == UInt8(ascii: "\n") {
                endedWithLineBreak = true
                count -= 1
            }
            var bytes = UnsafeBufferPointer(rebasing: buffer[..<count]).makeIterator()
            var decoder = UTF8()
            while true {
                switch decoder.decode(&bytes) {
                case .scalarValue: continue
                case .emptyInput: return count
                case .error:
                    problem = "the edited text is not valid UTF-8; nothing was changed"
                    return 0
                }
            }
        }
        if let problem { throw JotterError.input(problem) }
        return (text, endedWithLineBreak)
    }

    /// Runs `editor FILE` through the shell, as `$EDITOR` may hold arguments
    /// (`code --wait`), with the terminal handed over until it ends.
    private static func run(_ editor: String, file: String) -> Int32 {
        guard let pid = try? ChildProcess.start("/bin/sh", arguments: ["/bin/sh", "-c", editor + " \"$1\"", "sh", file],
                                                grouping: .jotters)
        else { return 127 }
        let status = ChildProcess.waitForEnd(of: pid)
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    /// Removes `folder` with everything the editor left in it, subfolders included.
    /// Each entry is reached from its folder's descriptor and never through a link:
    /// a symbolic link is removed itself, and what it points to is left alone.
    static func removeFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if descriptor >= 0 { removeContents(ofFolderAt: descriptor) }
        rmdir(folder)
    }

    /// Empties the folder open at `descriptor`, and closes it.
    private static func removeContents(ofFolderAt descriptor: Int32) {
        guard let directory = fdopendir(descriptor) else {
            close(descriptor)
            return
        }
        defer { closedir(directory) }
        let folder = dirfd(directory)
        var subfolders: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            guard name != "." && name != ".." else { continue }
            // Unlinking a folder fails with EISDIR; a link to one is unlinked as a file.
            if unlinkat(folder, name, 0) != 0 && errno == EISDIR { subfolders.append(name) }
        }
        for name in subfolders {
            let subfolder = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if subfolder >= 0 { removeContents(ofFolderAt: subfolder) }
            unlinkat(folder, name, AT_REMOVEDIR)
        }
    }
}
