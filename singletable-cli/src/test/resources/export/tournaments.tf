# DynamoDB table Tournaments, exported by singletable from src/test/resources/export/tournaments.singletable.yaml

# Tournaments.byRegionAndRound has a multi-attribute key, written as key_schema blocks,
# which the AWS provider reads from version 6.29.0 on (move this to your terraform block if you have one)
terraform {
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = ">= 6.29.0"
    }
  }
}

resource "aws_dynamodb_table" "tournaments" {
  name = "Tournaments"
  billing_mode = "PROVISIONED"
  read_capacity = 5
  write_capacity = 2
  hash_key = "pk"
  range_key = "sk"
  deletion_protection_enabled = true
  stream_enabled = true
  stream_view_type = "NEW_AND_OLD_IMAGES"

  attribute {
    name = "pk"
    type = "S"
  }

  attribute {
    name = "sk"
    type = "S"
  }

  attribute {
    name = "region"
    type = "S"
  }

  attribute {
    name = "season"
    type = "N"
  }

  attribute {
    name = "round"
    type = "N"
  }

  attribute {
    name = "matchId"
    type = "S"
  }

  attribute {
    name = "court"
    type = "S"
  }

  global_secondary_index {
    name = "byRegionAndRound"
    key_schema {
      attribute_name = "region"
      key_type = "HASH"
    }
    key_schema {
      attribute_name = "season"
      key_type = "HASH"
    }
    key_schema {
      attribute_name = "round"
      key_type = "RANGE"
    }
    key_schema {
      attribute_name = "matchId"
      key_type = "RANGE"
    }
    projection_type = "KEYS_ONLY"
    read_capacity = 5
    write_capacity = 2
  }

  local_secondary_index {
    name = "byCourt"
    range_key = "court"
    projection_type = "INCLUDE"
    non_key_attributes = ["round", "winner"]
  }

  ttl {
    attribute_name = "expiresAt"
    enabled = true
  }

  point_in_time_recovery {
    enabled = true
  }

  tags = {
    "team" = "data"
    "cost-center" = "42"
  }
}
