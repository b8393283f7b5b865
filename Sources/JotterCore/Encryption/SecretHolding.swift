import CProcessControl

#if canImport(Glibc)
import Glibc
#endif

/// What a process does once it holds a store's key, a passphrase or the plain text of
/// an encrypted store: it cannot be dumped to a core file, which held the raw key and
/// the entry being edited, and other processes of the user cannot read its memory
/// (the kernel makes its /proc files root's). Programs it starts are dumpable again.
public enum SecretHolding {
    public static func begin() {
        _ = jotter_set_dumpable(0)
    }
}
