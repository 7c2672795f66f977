/** Implementation of {@code dev.singletable.local}; not an API, changes without notice. */
package dev.singletable.local.internal;
