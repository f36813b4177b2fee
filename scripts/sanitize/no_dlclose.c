/* Preloaded by scripts/sanitize.sh: dlclose() that keeps the library mapped. The Vulkan loader
 * unloads the driver and the layers when the last instance goes; LeakSanitizer, which reports at
 * exit, can then no longer name their code ("<unknown module>"), and its suppressions (which match
 * module names) cannot apply. Keeping them mapped changes nothing else the tests look at. */
int dlclose(void* handle) {
    (void)handle;
    return 0;
}
