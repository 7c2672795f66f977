package dev.singletable.processor.it.patterns;

import dev.singletable.annotations.Entity;

import java.util.List;

@Entity(pk = "FOLDERS", sk = "PATH#{path}")
public record Folder(List<String> path, String title) {
}
