/**
 * The annotation processor that turns annotated records and classes into {@code XxxSchema}
 * classes. Found by the compiler as a service, on the processor path, the class path or the
 * processor module path; it checks key templates with the core's own parser, and each entity with the
 * core's own schema builder.
 */
module dev.singletable.processor {
    requires java.compiler;
    requires dev.singletable.annotations;
    requires dev.singletable.core;
    // the AWS SDK's JSON parser (a dependency of the core's), for the example items of @TableDesign(examples = ...)
    requires software.amazon.awssdk.protocols.jsoncore;
    // javac's tree API, for the source lines the schema file records (SourceLines copes without it)
    requires jdk.compiler;

    provides javax.annotation.processing.Processor with dev.singletable.processor.SingleTableProcessor;
}
