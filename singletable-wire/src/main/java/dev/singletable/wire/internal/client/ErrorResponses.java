package dev.singletable.wire.internal.client;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import software.amazon.awssdk.awscore.exception.AwsErrorDetails;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.services.dynamodb.model.BackupInUseException;
import software.amazon.awssdk.services.dynamodb.model.BackupNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DuplicateItemException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.IdempotentParameterMismatchException;
import software.amazon.awssdk.services.dynamodb.model.IndexNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.InternalServerErrorException;
import software.amazon.awssdk.services.dynamodb.model.ItemCollectionSizeLimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.LimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.PolicyNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.ReplicatedWriteConflictException;
import software.amazon.awssdk.services.dynamodb.model.RequestLimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TableAlreadyExistsException;
import software.amazon.awssdk.services.dynamodb.model.TableInUseException;
import software.amazon.awssdk.services.dynamodb.model.TableNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;
import software.amazon.awssdk.services.dynamodb.model.TransactionInProgressException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * A DynamoDB error response turned into the exception the SDK's client throws for it: the same class (by the error
 * code of {@code __type}), message, status code, request id and error details, and the modelled members
 * ({@code Item} of a failed condition, {@code CancellationReasons} of a cancelled transaction), so that whoever
 * catches the SDK's exceptions, singletable's own error mapping first, sees no difference.
 */
final class ErrorResponses {
    private final JsonResponseReader reader;

    ErrorResponses(JsonResponseReader reader) {
        this.reader = reader;
    }

    AwsServiceException exception(String operation, SdkHttpResponse response, byte[] body) {
        String code = response.firstMatchingHeader("x-amzn-ErrorType").map(ErrorResponses::afterHash).orElse("");
        String message = null;
        if (code.isEmpty() && notDynamoDbJson(body)) {
            message = foreignBody(operation, response, body);
        }
        try (JsonParser parser = reader.parser(body)) {
            if (parser.nextToken() == JsonToken.START_OBJECT) {
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String name = parser.currentName();
                    JsonToken value = parser.nextToken();
                    if (name.equals("__type") && value == JsonToken.VALUE_STRING) {
                        code = afterHash(parser.getText());
                    } else if (name.equalsIgnoreCase("message") && value == JsonToken.VALUE_STRING) {
                        message = parser.getText();
                    } else {
                        parser.skipChildren();
                    }
                }
            }
        } catch (IOException e) {
            message = foreignBody(operation, response, body);
        }
        if (code.isEmpty()) {
            code = response.statusCode() >= 500 ? "InternalFailure" : "UnknownError";
        }
        AwsServiceException.Builder builder = builderFor(code);
        try {
            reader.read(body, builder);
        } catch (IOException | RuntimeException e) {
            // the modelled members (a failed condition's item, ...) are extras; code, message and status still make the exception
        }
        String requestId = response.firstMatchingHeader("x-amzn-RequestId").orElse(null);
        return builder.message(message)
                .statusCode(response.statusCode())
                .requestId(requestId)
                .awsErrorDetails(AwsErrorDetails.builder().errorCode(code).errorMessage(message).serviceName("DynamoDb")
                        .sdkHttpResponse(response).rawResponse(SdkBytes.fromByteArrayUnsafe(body)).build())
                .build();
    }

    /** True when the body is not a JSON object, as every DynamoDB answer is: empty, HTML, plain text. */
    static boolean notDynamoDbJson(byte[] body) {
        for (byte b : body) {
            if (b != ' ' && b != '\n' && b != '\r' && b != '\t') {
                return b != '{';
            }
        }
        return true;
    }

    /**
     * The message for an answer that did not come from DynamoDB (a proxy's HTML page, a load balancer's plain text):
     * what came back, its start, and where to look.
     */
    static String foreignBody(String operation, SdkHttpResponse response, byte[] body) {
        String text = new String(body, StandardCharsets.UTF_8).replaceAll("\\s+", " ").trim();
        String excerpt = text.length() > 200 ? text.substring(0, 200) + "..." : text;
        return "The endpoint answered " + operation + " with HTTP " + response.statusCode() + response.statusText().map(t -> " " + t).orElse("")
                + " and a body that is not DynamoDB's JSON (Content-Type: " + response.firstMatchingHeader("Content-Type").orElse("none")
                + ", " + body.length + " bytes" + (excerpt.isEmpty() ? "" : ": '" + excerpt + "'") + "): something between "
                + "the client and DynamoDB (a proxy, a load balancer, a firewall) answered in its place"
                + (response.statusCode() == 413 ? ", refusing the request as too large for it" : "")
                + "; check the endpoint and what stands in front of it";
    }

    private static String afterHash(String type) {
        int hash = type.lastIndexOf('#');
        String code = hash < 0 ? type : type.substring(hash + 1);
        int colon = code.indexOf(':');
        return colon < 0 ? code : code.substring(0, colon);
    }

    private static AwsServiceException.Builder builderFor(String code) {
        return switch (code) {
            case "ConditionalCheckFailedException" -> ConditionalCheckFailedException.builder();
            case "TransactionCanceledException" -> TransactionCanceledException.builder();
            case "ResourceNotFoundException" -> ResourceNotFoundException.builder();
            case "ResourceInUseException" -> ResourceInUseException.builder();
            case "ProvisionedThroughputExceededException" -> ProvisionedThroughputExceededException.builder();
            case "RequestLimitExceeded" -> RequestLimitExceededException.builder();
            case "ItemCollectionSizeLimitExceededException" -> ItemCollectionSizeLimitExceededException.builder();
            case "TransactionConflictException" -> TransactionConflictException.builder();
            case "TransactionInProgressException" -> TransactionInProgressException.builder();
            case "IdempotentParameterMismatchException" -> IdempotentParameterMismatchException.builder();
            case "InternalServerError" -> InternalServerErrorException.builder();
            case "LimitExceededException" -> LimitExceededException.builder();
            case "DuplicateItemException" -> DuplicateItemException.builder();
            case "ReplicatedWriteConflictException" -> ReplicatedWriteConflictException.builder();
            case "TableNotFoundException" -> TableNotFoundException.builder();
            case "TableInUseException" -> TableInUseException.builder();
            case "TableAlreadyExistsException" -> TableAlreadyExistsException.builder();
            case "IndexNotFoundException" -> IndexNotFoundException.builder();
            case "BackupNotFoundException" -> BackupNotFoundException.builder();
            case "BackupInUseException" -> BackupInUseException.builder();
            case "PolicyNotFoundException" -> PolicyNotFoundException.builder();
            default -> DynamoDbException.builder();
        };
    }
}
