package dev.singletable.processor.it;

import dev.singletable.annotations.Entity;

import java.time.LocalDateTime;

/** A LocalDateTime in the sort key and in a plain attribute: the kind the registry's worked example adds. */
@Entity(pk = "CLINIC#{clinicId}", sk = "AT#{at}")
public record Appointment(String clinicId, LocalDateTime at, LocalDateTime confirmedAt, String patient) {
}
